/** The session's scope: articles of its firma that are listed in its vkforg. */
export interface Scope {
  firmaId: number;
  vkforgId: number;
}
