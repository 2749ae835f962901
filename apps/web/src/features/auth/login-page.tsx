import { AUTH_MESSAGES, type AuthConfig } from '@shop/contracts';
import { Link } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { AskAndLink, AuthCard, EmailField, GoogleIcon, PasswordField, SubmitButton } from './auth-ui';
import { PasskeySignIn, SecondStep } from './second-step';
import { useLogin } from './use-login';

/** /login: e-mail and password, 'Forgot Password ?', 'Login with Google' when the shop has it on. */
export function LoginPage() {
  const login = useLogin();

  if (login.secondStep) {
    return (
      <AuthCard title="Login" lead="One more step: confirm it is you.">
        <SecondStep redirectTo={login.redirectTo} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Login"
      lead="Welcome back. Log in to see your cart, favourites and orders."
      footer={<AskAndLink question="New here?" to="/register" link="Create an account" />}
    >
      {login.alert !== null ? (
        <div id={login.alertId}>
          <AlertError message={login.alert} onClose={login.dismissAlert} />
        </div>
      ) : null}
      <form noValidate onSubmit={login.submit}>
        <EmailField
          invalid={login.invalid('email')}
          aria-describedby={login.describe('email')}
          {...login.register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          invalid={login.invalid('password')}
          aria-describedby={login.describe('password')}
          {...login.register('password')}
        />
        <div className="auth-row">
          <Link to="/restore-password" className="auth-link">
            Forgot Password ?
          </Link>
        </div>
        <SubmitButton busy={login.submitting}>Login</SubmitButton>
      </form>
      <PasskeySignIn redirectTo={login.redirectTo} />
      <GoogleSignIn config={login.authConfig} busy={login.googleBusy} onSignIn={login.signInWithGoogle} />
    </AuthCard>
  );
}

/** 'Login with Google' when the shop has it on, or that it cannot be reached right now. */
function GoogleSignIn({
  config,
  busy,
  onSignIn,
}: {
  config: AuthConfig | undefined;
  busy: boolean;
  onSignIn: () => void;
}) {
  if (config?.googleSignIn) {
    return (
      <>
        <div className="auth-divider">or</div>
        <button type="button" className="btn btn-lg w-100 auth-google" onClick={onSignIn} disabled={busy}>
          {busy ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : <GoogleIcon />}
          Login with Google
        </button>
      </>
    );
  }
  if (config?.googleSignInStatus === 'unavailable') {
    return (
      <>
        <div className="auth-divider">or</div>
        <p className="text-muted small text-center mb-0">{AUTH_MESSAGES.GOOGLE_UNAVAILABLE}</p>
      </>
    );
  }
  return null;
}
