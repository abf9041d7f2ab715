/** Default copy of Pagination. */
export const paginationStrings = {
  navigation: '分页',
  previous: '上一页',
  next: '下一页',
  page: (page: number) => `第 ${page} 页`,
  /** Read on phones, where "3 / 12" replaces the page buttons. */
  position: (page: number, pageCount: number) => `第 ${page} 页，共 ${pageCount} 页`,
  total: (total: string) => `共 ${total} 条`,
} as const
