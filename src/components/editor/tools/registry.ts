/**
 * Tool instances by block id, so the project's toolbar and hint popup (React, outside Editor.js)
 * can reach the tune or block they act on. One registry per editor mount: StrictMode's second
 * mount never sees the first one's instances.
 */
export class InstanceRegistry<T> {
  private readonly items = new Map<string, T>();

  set(id: string | undefined, item: T): void {
    if (id) this.items.set(id, item);
  }

  get(id: string | undefined): T | undefined {
    return id ? this.items.get(id) : undefined;
  }

  delete(id: string | undefined): void {
    if (id) this.items.delete(id);
  }
}
