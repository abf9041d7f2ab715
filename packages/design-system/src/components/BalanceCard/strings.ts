/** Default copy of BalanceCard; each is a prop so a page can say it differently. */
export const balanceCardStrings = {
  title: '积分余额',
  unit: '积分',
  loading: '积分余额加载中',
} as const
