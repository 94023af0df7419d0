import { LegalPage } from '../components/legal-page';

export default function DataRightsScreen() {
  return (
    <LegalPage title="Your Data Rights" intro="Under UK GDPR you have rights over the personal data Motorly holds about you.">
      <ul>
        <li>Access — ask for a copy of your data.</li>
        <li>Rectification — correct anything that is wrong.</li>
        <li>Erasure — ask us to delete your account and data.</li>
        <li>Portability — receive your data in a machine-readable format.</li>
        <li>Objection — object to processing, including marketing.</li>
      </ul>
      <p>You can also complain to the Information Commissioner’s Office (ICO) if you are unhappy with how your data is handled.</p>
    </LegalPage>
  );
}
