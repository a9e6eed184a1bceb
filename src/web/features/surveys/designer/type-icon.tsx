import {
  AlignLeftOutlined,
  AppstoreOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  DownSquareOutlined,
  FontSizeOutlined,
  GroupOutlined,
  OrderedListOutlined,
  StarOutlined,
  SwapOutlined,
  TableOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { QuestionType } from './question-types';

const ICONS: Record<QuestionType, ComponentType> = {
  text: FontSizeOutlined,
  comment: AlignLeftOutlined,
  radiogroup: CheckCircleOutlined,
  checkbox: CheckSquareOutlined,
  dropdown: DownSquareOutlined,
  tagbox: TagsOutlined,
  boolean: SwapOutlined,
  rating: StarOutlined,
  ranking: OrderedListOutlined,
  matrix: TableOutlined,
  panel: GroupOutlined,
};

/** The icon of an element type (decorative: the type is always also written out). */
export function TypeIcon({ type }: { type: unknown }) {
  const Icon = typeof type === 'string' && type in ICONS ? ICONS[type as QuestionType] : AppstoreOutlined;
  return (
    <span className="designer-type-icon" aria-hidden="true">
      <Icon />
    </span>
  );
}
