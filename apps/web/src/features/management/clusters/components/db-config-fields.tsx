import { Group, NumberInput, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { FieldErrors } from '../lib/cluster-texts';

/** The text state of a database config form (driver, host, port, database, username, password). */
export interface DbConfigState {
  driver: string;
  host: string;
  port: number | string;
  database: string;
  username: string;
  password: string;
}

export const EMPTY_DB_CONFIG: DbConfigState = {
  driver: 'pgsql',
  host: '',
  port: 5432,
  database: '',
  username: '',
  password: '',
};

/** The body form of a config: the password only when typed (an edit without one keeps the stored one). */
export function configBody(state: DbConfigState) {
  return {
    driver: state.driver,
    host: state.host,
    port: state.port === '' ? undefined : Number(state.port),
    database: state.database,
    username: state.username,
    ...(state.password ? { password: state.password } : {}),
  };
}

export interface DbConfigFieldsProps {
  value: DbConfigState;
  onChange: (next: DbConfigState) => void;
  errors: FieldErrors;
  /** The dotted prefix of these fields in the body's error keys (e.g. 'db_entities_master'). */
  prefix: string;
  /** A password is stored: the field may stay empty to keep it. */
  passwordSet?: boolean;
  /** Names the fields for screen readers when a dialog holds two configs. */
  legend?: string;
}

/**
 * Driver, host, port, database, username (required, spec part 2 §5) and password: optional, since a server with trust or
 * peer authentication takes none; on an edit an empty one keeps the stored one.
 */
export function DbConfigFields({ value, onChange, errors, prefix, passwordSet = false, legend }: DbConfigFieldsProps) {
  const set = <K extends keyof DbConfigState>(key: K, v: DbConfigState[K]) => onChange({ ...value, [key]: v });
  const err = (field: string) => errors[`${prefix}.${field}`];
  const label = (text: string) => (legend ? `${text}` : text);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-label={legend}>
      <Select
        label={label('Driver')}
        withAsterisk
        data={[{ value: 'pgsql', label: 'PostgreSQL (pgsql)' }]}
        value={value.driver}
        onChange={(v) => set('driver', v ?? 'pgsql')}
        allowDeselect={false}
        error={err('driver')}
      />
      <TextInput
        label={label('Host')}
        withAsterisk
        value={value.host}
        onChange={(e) => set('host', e.currentTarget.value)}
        error={err('host')}
      />
      <NumberInput
        label={label('Port')}
        withAsterisk
        min={1}
        max={65535}
        allowDecimal={false}
        value={value.port}
        onChange={(v) => set('port', v)}
        error={err('port')}
      />
      <TextInput
        label={label('Database')}
        withAsterisk
        value={value.database}
        onChange={(e) => set('database', e.currentTarget.value)}
        error={err('database')}
      />
      <TextInput
        label={label('Username')}
        withAsterisk
        autoComplete="off"
        value={value.username}
        onChange={(e) => set('username', e.currentTarget.value)}
        error={err('username')}
      />
      <Group grow>
        <PasswordInput
          label={label('Password')}
          autoComplete="new-password"
          placeholder={passwordSet ? 'Stored: leave empty to keep it' : 'None for trust or peer authentication'}
          value={value.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          error={err('password')}
        />
      </Group>
    </SimpleGrid>
  );
}
