import { Fragment, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { ChatLine } from './chat-line';
import { SCROLL_TO_BOTTOM } from './chat-texts';
import { isNearBottom } from './scroll-follow';

interface Props {
  lines: readonly ChatLine[];
  /** `tabStop`: this line is the list's one entry in the tab order. */
  renderLine: (line: ChatLine, tabStop: boolean) => ReactNode;
  /** Shown instead of lines when there are none (e.g. 'Select character to connect'). */
  placeholder: ReactNode;
}

const ROW = '[data-chat-row]';
const ROW_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => Math.min(i + 1, n - 1),
  ArrowUp: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The scrolling message log: follows new lines while the reader is at the bottom, pauses while they read back.
 * One tab stop for all lines (roving tabindex): the last focused line, else the newest; ArrowUp/ArrowDown, Home and
 * End move between lines, and Tab goes on to the composer whatever the number of messages.
 */
export function ChatMessageList({ lines, renderLine, placeholder }: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const tabStopKey = lines.some((l) => l.key === activeKey) ? activeKey : (lines.at(-1)?.key ?? null);

  const rows = () => [...(boxRef.current?.querySelectorAll<HTMLElement>(ROW) ?? [])];
  const onRowKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = ROW_KEYS[event.key];
    const target = event.target as HTMLElement;
    // Keys inside a line (its menu button) belong to that control.
    if (!move || !target.matches(ROW)) return;
    const all = rows();
    event.preventDefault();
    all[move(all.indexOf(target), all.length)]?.focus();
  };
  const onRowFocus = (event: FocusEvent<HTMLUListElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>(ROW);
    const index = row ? rows().indexOf(row) : -1;
    if (index >= 0 && lines[index]) setActiveKey(lines[index].key);
  };

  const scrollToBottom = () => {
    const box = boxRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  };
  // Before paint, so a new line never flashes above the fold first.
  useLayoutEffect(() => {
    if (following) scrollToBottom();
  }, [lines, following]);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={boxRef}
        data-chat-scroll
        role="log"
        aria-label="Messages"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable log must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        onScroll={() => boxRef.current && setFollowing(isNearBottom(boxRef.current))}
        className="h-full overflow-y-auto px-2 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neon-cyan"
      >
        {lines.length === 0 ? (
          <div className="flex h-full items-center justify-center px-4 text-center">{placeholder}</div>
        ) : (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegation: the rows' roving focus (arrow keys, Home/End) is handled once for the list
          <ul className="flex flex-col gap-0.5" onKeyDown={onRowKey} onFocus={onRowFocus}>
            {lines.map((line) => (
              <Fragment key={line.key}>{renderLine(line, line.key === tabStopKey)}</Fragment>
            ))}
          </ul>
        )}
      </div>
      {!following && (
        <button
          type="button"
          onClick={() => {
            scrollToBottom();
            setFollowing(true);
          }}
          className="animate-fade-in absolute bottom-3 left-1/2 z-20 -translate-x-1/2 rounded-full border border-neon-cyan/50 bg-night-950/90 px-4 py-1.5 text-xs font-bold tracking-widest text-neon-cyan shadow-lg shadow-black/50 hover:bg-night-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan"
        >
          {SCROLL_TO_BOTTOM}
        </button>
      )}
    </div>
  );
}
