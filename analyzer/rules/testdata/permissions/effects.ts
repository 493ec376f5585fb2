/** Delete one file from the workspace. */
export declare function delete_file(args: { path: string }): Promise<string>; // want "tool \"delete_file\" deletes but has no destructive"

/**
 * Delete one directory from the workspace.
 * @destructive
 */
export declare function delete_directory(args: { path: string }): Promise<string>;

/** Send a message to a Slack channel. */
export declare function send_message(args: { text: string }): Promise<string>; // want "sends but has no"

/**
 * Charge a customer's card.
 * @requiresApproval
 */
export declare function charge_card(args: { amount: number }): Promise<string>;

/**
 * Remove a cached entry.
 * @readonly
 */
export declare function remove_cache_entry(args: { key: string }): Promise<string>; // want "marked read-only, but its name says it deletes"

/** Create a new draft document. */
export declare function create_draft(args: { title: string }): Promise<string>; // want "\"create_draft\" writes but has no"

/** Read the latest order of a customer. */
export declare function get_order(args: { id: string }): Promise<string>;

/**
 * Delete a stale lock file.
 * tscg:ignore permissions locks are recreated on demand
 */
export declare function delete_lock(args: { path: string }): Promise<string>;
