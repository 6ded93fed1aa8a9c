import { PasswordInput, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';

/** The fields both sign-ups ask for (registerClientBodySchema, registerUserBodySchema). */
export type AccountFieldValues = { name: string; email: string; password: string; password_confirmation: string };

/**
 * Name, Email, Password and Confirm password of a register form, read from the surrounding `FormProvider`;
 * `before` goes above Name, `children` between Email and the passwords. `forSomeoneElse` (staff creating an account):
 * the browser does not fill in the signed-in user's own name and email.
 */
export function AccountFields({
  before,
  children,
  forSomeoneElse = false,
}: {
  before?: ReactNode;
  children?: ReactNode;
  forSomeoneElse?: boolean;
}) {
  const { register, formState } = useFormContext<AccountFieldValues>();
  const { errors } = formState;
  return (
    <>
      {before}
      <TextInput
        label="Name"
        autoComplete={forSomeoneElse ? 'off' : 'name'}
        withAsterisk
        error={errors.name?.message}
        {...register('name')}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete={forSomeoneElse ? 'off' : 'email'}
        withAsterisk
        error={errors.email?.message}
        {...register('email')}
      />
      {children}
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        withAsterisk
        error={errors.password?.message}
        aria-invalid={!!errors.password || undefined}
        {...register('password')}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        withAsterisk
        error={errors.password_confirmation?.message}
        aria-invalid={!!errors.password_confirmation || undefined}
        {...register('password_confirmation')}
      />
    </>
  );
}
