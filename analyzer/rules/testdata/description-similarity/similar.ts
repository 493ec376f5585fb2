/** Search the knowledge base for documents that match a text query. */
export declare function search_documents(args: { query: string }): Promise<string>;

/** Search the knowledge base for documents matching the text query. */
export declare function find_documents(args: { query: string }): Promise<string>; // want "description of \"find_documents\" is \\d+% similar to that of \"search_documents\""

/** Send an email message to one recipient with a subject and body. */
export declare function send_email(args: { to: string }): Promise<string>;

/** 查询北京明天和后天的天气预报、气温与空气质量。 */
export declare function weather_cn(args: { city: string }): Promise<string>;

/** 查询北京明天和后天的天气预报、气温和空气质量。 */
export declare function forecast_cn(args: { city: string }): Promise<string>; // want "\"forecast_cn\" is \\d+% similar to that of \"weather_cn\""

/** 发送一封电子邮件给收件人。 */
export declare function mail_cn(args: { to: string }): Promise<string>;
