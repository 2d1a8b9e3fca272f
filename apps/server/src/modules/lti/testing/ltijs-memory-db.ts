// An in-memory Database plugin for ltijs 5.9.9 (the LTI 1.3 tool used as a test peer): the equality-query
// store its Provider calls in place of MongoDB. Encryption keys are ignored: nothing leaves the process.
type Document = Record<string, unknown>;
type Query = Record<string, unknown>;

const matches = (document: Document, query: Query = {}) =>
  Object.entries(query).every(([field, value]) => document[field] === value);

export class LtijsMemoryDb {
  private readonly collections = new Map<string, Document[]>();

  private documents(collection: string): Document[] {
    let documents = this.collections.get(collection);
    if (!documents) {
      documents = [];
      this.collections.set(collection, documents);
    }
    return documents;
  }

  /** Every document matching `query` (all of them without one), as copies; false when none, as ltijs expects. */
  async Get(_key: unknown, collection: string, query?: Query): Promise<Document[] | false> {
    const found = this.documents(collection).filter((document) => matches(document, query));
    return found.length > 0 ? found.map((document) => structuredClone(document)) : false;
  }

  /** Stores `item`, with the `index` fields ltijs queries encrypted documents by; createdAt in ms. */
  async Insert(_key: unknown, collection: string, item: Document, index?: Document) {
    this.documents(collection).push({
      ...index,
      ...structuredClone(item),
      createdAt: Date.now(),
    });
    return true;
  }

  /** Replaces every document matching `query` with one new document (an upsert). */
  async Replace(_key: unknown, collection: string, query: Query, item: Document, index?: Document) {
    await this.Delete(collection, query);
    return this.Insert(_key, collection, item, index);
  }

  /** Applies `modification` to the first document matching `query` (MongoDB updateOne). */
  async Modify(_key: unknown, collection: string, query: Query, modification: Document) {
    const document = this.documents(collection).find((candidate) => matches(candidate, query));
    if (document) Object.assign(document, structuredClone(modification));
    return true;
  }

  async Delete(collection: string, query: Query) {
    const kept = this.documents(collection).filter((document) => !matches(document, query));
    this.collections.set(collection, kept);
    return true;
  }

  async setup() {
    return true;
  }

  async Close() {
    this.collections.clear();
    return true;
  }
}
