/** Anything that parses an answer: a zod schema, without naming zod here. */
interface Parser<T> {
  parse(data: unknown): T;
}

type Parsed<S> = S extends Parser<infer T> ? T : never;

/**
 * The answer of `call`, parsed by the schema `name` of a module that loads alongside the request (the request and the
 * chunk in parallel): the screens of the first load (the shell, the dashboard) parse their answers with the contracts'
 * schemas as every screen does, without zod in the first script (issue 17). `load` is `() => import('./x-schemas')`.
 */
export async function parseLater<M, K extends keyof M>(
  call: Promise<unknown>,
  load: () => Promise<M>,
  name: K,
): Promise<Parsed<M[K]>> {
  const [body, schemas] = await Promise.all([call, load()]);
  return (schemas[name] as Parser<Parsed<M[K]>>).parse(body);
}
