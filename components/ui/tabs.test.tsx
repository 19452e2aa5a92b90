// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Tabs from './tabs';

function Harness({ initial = 'a' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Tabs.Root value={value} onValueChange={setValue}>
      <Tabs.List aria-label="Letters">
        {['a', 'b', 'c'].map((tab) => (
          <Tabs.Trigger key={tab} value={tab}>
            Tab {tab}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {['a', 'b', 'c'].map((tab) => (
        <Tabs.Content key={tab} value={tab}>
          Panel {tab}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

afterEach(cleanup);

describe('Tabs', () => {
  it('renders a labelled tablist with only the selected tab in the Tab order and its panel', () => {
    render(<Harness initial="b" />);
    expect(screen.getByRole('tablist', { name: 'Letters' })).toBeInTheDocument();
    const selected = screen.getByRole('tab', { name: 'Tab b' });
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(selected).toHaveAttribute('tabindex', '0');
    expect(selected).toHaveAttribute('data-state', 'active');
    expect(screen.getByRole('tab', { name: 'Tab a' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tab', { name: 'Tab a' })).toHaveAttribute('data-state', 'inactive');
    const panel = screen.getByRole('tabpanel', { name: 'Tab b' });
    expect(panel).toHaveTextContent('Panel b');
    expect(selected).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('arrow keys move and select, wrapping; Home and End go to the ends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Tab a' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tab b' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Tab b' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tab a' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Tab c' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Tab a' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Tab c' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Tab c' })).toBeInTheDocument();
  });

  it('a click selects the tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Tab c' }));
    expect(screen.getByRole('tab', { name: 'Tab c' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Tab c' })).toHaveTextContent('Panel c');
  });
});
