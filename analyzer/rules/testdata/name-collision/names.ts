/** Read one user record by its identifier. */
export declare function get_user(args: { id: string }): Promise<string>;

/** Read one user record, camel-case spelling. */
export declare function getUser(args: { id: string }): Promise<string>; // want "collides with \"get_user\" after normalising"

/** Read all user records of an organisation at once. */
export declare function get_users(args: { org: string }): Promise<string>; // want "\"get_users\" is 1 edit\\(s\\) away from \"get_user\""

/** Versioned tools are deliberate and stay quiet. */
export declare function search_v1(args: { q: string }): Promise<string>;

/** Second version of the search tool, with ranking. */
export declare function search_v2(args: { q: string }): Promise<string>;

/** Unrelated names are fine. */
export declare function send_invoice(args: { id: string }): Promise<string>;
