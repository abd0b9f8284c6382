// One chunk per language: a user downloads only the texts of the language they read.
export default import.meta.glob<Record<string, unknown>>('./ja/*.json', { eager: true, import: 'default' });
