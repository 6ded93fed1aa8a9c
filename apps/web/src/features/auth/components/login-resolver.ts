import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@pushdeck/contracts';

/** The login form's checks (loginBodySchema), loaded after the login page shows (login-page.tsx). */
export const loginResolver = zodResolver(loginBodySchema);
