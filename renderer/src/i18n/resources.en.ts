// The rest of the texts of one language, loaded once the sign-in form is on screen (see i18n.ts).
export default import.meta.glob<Record<string, unknown>>(
  ['./en/*.json', '!./en/{common,auth,errors,shell}.json'],
  {
    eager: true,
    import: 'default',
  },
);
