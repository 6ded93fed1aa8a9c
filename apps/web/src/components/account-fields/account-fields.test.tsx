import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, registerUserBodySchema } from '@pushdeck/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AccountFields } from './account-fields';

const EMPTY = { name: '', email: '', password: '', password_confirmation: '', client_uid: '' };

function Harness({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useForm({ resolver: zodResolver(registerUserBodySchema), defaultValues: EMPTY });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <AccountFields before={<input aria-label="Before" {...form.register('client_uid')} />}>
          <p>Between</p>
        </AccountFields>
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
}

describe('AccountFields', () => {
  it('lays out name, email, the slot, then the passwords, and hands the typed values to the form', async () => {
    const onValid = vi.fn();
    const { container } = renderWithProviders(<Harness onValid={onValid} />);
    const labels = [...container.querySelectorAll('label, p, input[aria-label]')].map(
      (el) => el.getAttribute('aria-label') ?? el.textContent?.replace(/\s*\*$/, ''),
    );
    expect(labels).toEqual(['Before', 'Name', 'Email', 'Between', 'Password', 'Confirm password']);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Before'), 'c-9');
    await user.type(screen.getByLabelText(/^name/i), 'Ada');
    await user.type(screen.getByLabelText(/^email/i), 'ada@example.test');
    await user.type(screen.getByLabelText(/^password/i), 'long-enough');
    await user.type(screen.getByLabelText(/^confirm password/i), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      name: 'Ada',
      email: 'ada@example.test',
      password: 'long-enough',
      password_confirmation: 'long-enough',
      client_uid: 'c-9',
    });
  });

  it("shows the schema's messages under the fields", async () => {
    renderWithProviders(<Harness onValid={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^password/i), 'short');
    await user.type(screen.getByLabelText(/^confirm password/i), 'short');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MSG.passwordMin)).toBeInTheDocument();
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^name/i)).toHaveAccessibleDescription(MSG.required);
  });
});
