// The Mantine components that float (Popover, Combobox, floating-ui, ScrollArea: ~45 KB gzipped with their styles'
// logic). The signed-in shell and the dashboard load them after the page shows (issue 17: the first load), through
// DeferredSelect and DeferredTooltip; a screen that opens later imports them from @mantine/core as usual.
export { Select, Tooltip } from '@mantine/core';
