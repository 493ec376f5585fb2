/** 按关键词搜索站内文章。 */
export declare function search_posts(args: {
  /** 搜索关键词。 */
  keyword: string;
  /** 返回条数，1-10 */
  limit?: number; /* want "parameter \"limit\" of \"search_posts\" states a limit in its description" */
  /** 页码，默认1 */
  page?: number; /* want "parameter \"page\" of \"search_posts\" states a default in its description" */
  /** 每页条数，默认5，最多20 */
  size?: number; /* want "\"size\" of \"search_posts\" states a limit" "\"size\" of \"search_posts\" states a default" */
}): Promise<string>;

/** Find songs in the music library by title or artist. */
export declare function find_songs(args: {
  /** Title or artist to look for. */
  query: string;
  /** How many songs to return, between 1 and 50. */
  count?: number; /* want "parameter \"count\" of \"find_songs\" states a limit" */
  /** Minimum rating; defaults to 3. */
  min_rating?: number; /* want "parameter \"min_rating\" of \"find_songs\" states a default" */
  /** Sort order, default: "newest". */
  order?: string; /* want "parameter \"order\" of \"find_songs\" states a default" */
  /**
   * Results per page, 1 to 100.
   * @minimum 1
   * @maximum 100
   */
  per_page?: number;
  /**
   * Offset of the first result; defaults to 0.
   * @default 0
   */
  offset?: number;
  /** Release date, e.g. 2024-01-15. */
  released?: string;
  /** Release year, as in 1999-2004 style ranges of the catalogue. */
  year_hint?: string;
  /** Defaults to the user's own library. */
  library?: string;
}): Promise<string>;
