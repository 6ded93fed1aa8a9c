import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { hostOf, NotificationCard } from './notification-card';

describe('NotificationCard', () => {
  it("shows the spec's placeholders until something is typed", () => {
    renderWithProviders(<NotificationCard title="" message="" buttons={['', '']} />);
    for (const text of ['Title', 'Type your message ...', 'your-website.com', 'Button1', 'Button2'])
      expect(screen.getByText(text)).toBeInTheDocument();
  });

  it("shows what is typed as text, with the website's host", () => {
    const { container } = renderWithProviders(
      <NotificationCard
        title="<b>Sale</b>"
        message="Half price"
        site="https://shop.acme.test/path"
        buttons={['Shop now']}
      />,
    );
    expect(screen.getByText('<b>Sale</b>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('shop.acme.test')).toBeInTheDocument();
    expect(screen.getByText('Shop now')).toBeInTheDocument();
    expect(screen.queryByText('Button2')).not.toBeInTheDocument();
    expect(hostOf('not a url')).toBe('not a url');
  });
});
