import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, type ButtonProps } from 'antd';
import { QUESTION_TYPES, TYPE_LABELS, type QuestionType } from './question-types';
import { staffText } from '#web/lib/staff-text';
import { TypeIcon } from './type-icon';

interface AddQuestionMenuProps {
  onAdd: (type: QuestionType) => void;
  label?: string;
  /** The button's accessible name: starts with the visible label and says where the question goes. */
  accessibleName: string;
  buttonType?: ButtonProps['type'];
  size?: ButtonProps['size'];
  /** The types offered (all by default). */
  types?: readonly QuestionType[];
  /** data-focus of the button, so focus can be sent back to it. */
  focusKey?: string;
}

/** A menu of question types; opens with Enter or Space and is walked with the arrow keys. */
export function AddQuestionMenu({
  onAdd,
  label = staffText('staff.designer.addQuestion'),
  accessibleName,
  buttonType = 'primary',
  size,
  types = QUESTION_TYPES,
  focusKey,
}: AddQuestionMenuProps) {
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      destroyOnHidden
      menu={{
        items: types.map((type) => ({ key: type, label: TYPE_LABELS[type], icon: <TypeIcon type={type} /> })),
        onClick: ({ key }) => onAdd(key as QuestionType),
      }}
    >
      <Button type={buttonType} size={size} icon={<PlusOutlined />} aria-label={accessibleName} aria-haspopup="menu" data-focus={focusKey}>
        {label} <DownOutlined aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
