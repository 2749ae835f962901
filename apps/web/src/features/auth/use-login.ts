import { AUTH_MESSAGES, EMAIL_SHAPE } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import {
  AUTH_CONFIG_QUERY_KEY,
  getAuthConfig,
  type SignInInput,
  safeRedirect,
  signIn,
  startGoogleSignIn,
} from './auth-api';
import { authErrorMessage, googleErrorMessage } from './auth-errors';

type Field = keyof SignInInput;

const GOOGLE_RECHECK_MS = 30_000;

/**
 * What is missing or not an e-mail address, in the login's words (spec section 8): 'Introduce an email' for
 * an address missing or malformed, 'Introduce an email and password' when the password is missing too.
 * The server answers the same texts (auth.routes.ts), so the page says one thing whichever refuses.
 */
export function loginRefusal(values: SignInInput): { message: string; fields: Field[] } | null {
  const email = !EMAIL_SHAPE.test(values.email.trim());
  const password = values.password === '';
  if (email && password)
    return { message: AUTH_MESSAGES.MISSING_EMAIL_AND_PASSWORD, fields: ['email', 'password'] };
  if (email) return { message: AUTH_MESSAGES.INVALID_EMAIL, fields: ['email'] };
  if (password) return { message: AUTH_MESSAGES.MISSING_PASSWORD, fields: ['password'] };
  return null;
}

/**
 * The login form and Google sign-in: what is refused shows in one alert that describes the fields in
 * error (the first takes the focus); a sign-in goes to the page asked for in `?redirect=`.
 */
export function useLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'));
  const alertId = useId();
  const [alert, setAlert] = useState<{ message: string; fields: Field[] } | null>(() => {
    const message = googleErrorMessage(params);
    return message ? { message, fields: [] } : null;
  });
  const [googleBusy, setGoogleBusy] = useState(false);
  /** The password was right and the account has a second factor: the second step is asked. */
  const [secondStep, setSecondStep] = useState(false);
  const config = useQuery({
    queryKey: AUTH_CONFIG_QUERY_KEY,
    queryFn: getAuthConfig,
    staleTime: Infinity,
    // While Google's side cannot be reached, look again now and then: the button comes back by itself.
    refetchInterval: (query) =>
      query.state.data?.googleSignInStatus === 'unavailable' ? GOOGLE_RECHECK_MS : false,
  });
  const { register, handleSubmit, setFocus, formState } = useForm<SignInInput>({
    defaultValues: { email: '', password: '' },
  });

  const fail = (message: string, fields: Field[]) => {
    setAlert({ message, fields });
    const first = fields[0];
    if (first) setFocus(first);
  };

  const onSubmit: SubmitHandler<SignInInput> = async (values) => {
    const refusal = loginRefusal(values);
    if (refusal) {
      fail(refusal.message, refusal.fields);
      return;
    }
    setAlert(null);
    try {
      const result = await signIn(queryClient, { email: values.email.trim(), password: values.password });
      if ('twoFactorRedirect' in result) {
        setSecondStep(true);
        return;
      }
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      const fields =
        error instanceof ApiError ? (['email', 'password'] as const).filter((f) => error.fields[f]) : [];
      fail(authErrorMessage(error), fields);
    }
  };

  const signInWithGoogle = async () => {
    setGoogleBusy(true);
    setAlert(null);
    try {
      await startGoogleSignIn(redirectTo);
    } catch (error) {
      setGoogleBusy(false);
      fail(authErrorMessage(error), []);
      if (error instanceof ApiError && error.code === 'SIGN_IN_UNAVAILABLE') {
        await queryClient.invalidateQueries({ queryKey: AUTH_CONFIG_QUERY_KEY });
      }
    }
  };

  return {
    register,
    submit: handleSubmit(onSubmit),
    submitting: formState.isSubmitting,
    alertId,
    alert: alert?.message ?? null,
    dismissAlert: () => setAlert(null),
    invalid: (field: Field) => alert?.fields.includes(field) ?? false,
    describe: (field: Field) => (alert?.fields.includes(field) ? alertId : undefined),
    authConfig: config.data,
    googleBusy,
    signInWithGoogle,
    secondStep,
    redirectTo,
  };
}
