// The ESM resolve hook of the desktop test: `electron` is the stand-in in this folder. Everything
// else resolves as Node resolves it (from where the bundle is: the project or the unpacked asar).
const standIn = new URL('./electron.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true };
  return nextResolve(specifier, context);
}
