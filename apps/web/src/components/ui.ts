import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

// antd-mobile renders its popups (Dialog, Picker) through this under React 19. Set here, where the library is
// first imported, rather than in main.tsx, so screens without antd-mobile (/login) do not load it.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _root?: Root };
  host._root ??= createRoot(host);
  host._root.render(node);
  return async () => {
    await Promise.resolve();
    host._root?.unmount();
    delete host._root;
  };
});

/** The one entry to antd-mobile: import its components from here. */
export { CascadePicker, Dialog, ErrorBlock, ImageViewer, InfiniteScroll, NumberKeyboard, PasscodeInput, Picker, Popup, PullToRefresh, Skeleton, Switch, TabBar } from 'antd-mobile';
export type { CascadePickerOption } from 'antd-mobile';
