// Process-wide state, in one registry. Next's dev server reloads modules and the production build
// loads some of them in more than one bundle (the server's and Next's); state kept here is created
// once per process whichever copy of a module asks, where a module-level variable would be one per copy.
const registry = ((globalThis as { orbitProcessState?: Map<string, unknown> }).orbitProcessState ??= new Map<string, unknown>());

/** The process's one `name`, made by `create` on first use. */
export function processState<T>(name: string, create: () => T): T {
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as T;
}
