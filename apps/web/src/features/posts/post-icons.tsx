/** The post actions' own icons. */
import { Icon, type IconProps } from "../../components/icon";

export const HeartIcon = ({ filled = false, ...props }: IconProps & { filled?: boolean }) => (
  <Icon {...props} filled={filled}>
    <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.8 3.8 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.4 0 5.6 3.3 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3z" />
  </Icon>
);

export const CommentIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20.5 11.5c0 4.1-3.8 7.5-8.5 7.5-1.2 0-2.4-.2-3.4-.6L3.5 20l1.4-3.9c-.9-1.3-1.4-2.9-1.4-4.6C3.5 7.4 7.3 4 12 4s8.5 3.4 8.5 7.5z" />
  </Icon>
);

/** Branches from one line: a conversation others continued (forks). */
export const ForkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM18 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM12 17a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM6 7v2a3 3 0 0 0 3 3h6a3 3 0 0 0 3-3V7M12 12v5" />
  </Icon>
);
