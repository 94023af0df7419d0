const RIGHTS: { name: string; text: string }[] = [
  {
    name: 'Access',
    text: 'You can ask for a copy of the personal data we hold about you. Signed in, “Download all my data” below gives it to you at once.',
  },
  {
    name: 'Rectification',
    text: 'If something we hold is wrong or incomplete you can correct it: most of it (saved cars, alerts, preferences) you can edit yourself, for the rest write to support@motorly.example.',
  },
  {
    name: 'Erasure',
    text: 'You can ask us to delete your data. “Delete my account and my data” below does it straight away on our servers.',
  },
  {
    name: 'Restriction',
    text: 'You can ask us to stop using your data while a complaint or a correction is looked at, without deleting it.',
  },
  {
    name: 'Portability',
    text: 'You can take your data to another service in a machine-readable format: the download is a JSON file.',
  },
  {
    name: 'Objection',
    text: 'You can object to us using your data, including for marketing and personalisation. You can switch both off yourself in Privacy settings.',
  },
];

/** UK GDPR rights in plain English, and where to complain. */
export function RightsList() {
  return (
    <section aria-labelledby="rights-title" className="rights">
      <h2 id="rights-title">Your rights under UK GDPR</h2>
      <dl className="rights__list">
        {RIGHTS.map((r) => (
          <div key={r.name} className="rights__item">
            <dt>{r.name}</dt>
            <dd>{r.text}</dd>
          </div>
        ))}
      </dl>
      <p className="rights__note">
        We answer requests within one month and do not charge for them. If you are unhappy with how we handle your data
        you can complain to the Information Commissioner’s Office (ICO): at{' '}
        <a href="https://ico.org.uk/make-a-complaint/" rel="noreferrer" target="_blank">
          ico.org.uk/make-a-complaint
        </a>{' '}
        or on 0303 123 1113.
      </p>
    </section>
  );
}
