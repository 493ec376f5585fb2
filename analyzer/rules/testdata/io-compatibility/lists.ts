/** 列出某个文件夹里的文档编号。 */
export declare function list_folder(args: {
  /** 文件夹路径。 */
  folder: string;
}): Promise<{ doc_ids: string[]; page_codes: string[]; tag_ids: string[] }>;

/** Read one document by its identifier. */
export declare function read_doc(args: {
  /** The document to read. */
  doc_id: string;
}): Promise<string>;

/** Print several pages of a document by their numbers. */
export declare function print_pages(args: {
  /** Page numbers to print. */
  page_codes: number[]; /* want "parameter \"page_codes\" of \"print_pages\" looks like result field \"page_codes\" of \"list_folder\" .*items: string is not assignable to number" */
}): Promise<string>;

/** 删除一个标签。 */
export declare function remove_tag(args: {
  /** 标签编号（整数）。 */
  tag_id: number; /* want "parameter \"tag_id\" of \"remove_tag\" looks like it takes each element of list field \"tag_ids\" of \"list_folder\" .*an element: string is not assignable to number" */
}): Promise<string>;
