import { z } from 'zod';

/** The steps of a new client's getting-started checklist, in order (docs/api.md, GET /v1/getting-started). */
export const GETTING_STARTED_STEPS = ['website', 'script', 'subscriber', 'welcome'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/**
 * The checklist of the actor's client, each step ticked from stored data: `website` a live website; `script` the
 * integration files downloaded for a live website, or a subscription received from one (the console names it
 * 'Download the script': a download says nothing of the files being on the site, and before a subscription the
 * site reports nothing, so the next step is what proves them installed); `subscriber` a subscription received (ever)
 * from a live website; `welcome` an active (switched on) welcome drip of a live website. `domain_id` is the website
 * the steps link to (the client's oldest live website), null without one.
 */
export const gettingStartedSchema = z.object({
  steps: z.array(z.object({ key: z.enum(GETTING_STARTED_STEPS), done: z.boolean() })),
  done: z.boolean(),
  domain_id: z.number().int().nullable(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
