// The Accounts page's answer to an address it cannot read as an account.
import { useScout } from '../../store';

/** An address that names no account: said so, with the way back, rather than some page. */
export function UnreadableAddress({ message }: { message: string }) {
  const navigate = useScout((s) => s.navigate);
  return (
    <section aria-labelledby="page-title" data-testid="report-address-unreadable">
      <button type="button" className="link" onClick={() => navigate('accounts')}>
        ← All accounts
      </button>
      <h1 id="page-title">This address names no account</h1>
      <p role="alert" className="feedback error">
        Scout cannot read the account in this address. {message}
      </p>
      <p>Open the account from the list of all accounts, or add it with Add accounts.</p>
    </section>
  );
}
