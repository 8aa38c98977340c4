export { ElectionDesignation } from './ElectionDesignation';
export type { ElectionDesignationProps } from './ElectionDesignation';
