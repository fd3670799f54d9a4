// Svelte compiler options shared by the build and svelte-check.
export default {
  compilerOptions: { runes: true },
};
