// One chunk per language: a user downloads only the texts of the language they read.
export default import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
