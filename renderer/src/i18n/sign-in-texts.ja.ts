// The texts the signed-out screens use, loaded before the first render (see i18n.ts).
export default import.meta.glob<Record<string, unknown>>('./ja/{common,auth,errors,shell}.json', {
  eager: true,
  import: 'default',
});
