//! The virtual window: which rows of the view are rendered, from the scroll position and the
//! height of the scroll container, so 100k entries cost as much to draw as the rows in view.

use super::{OVERSCAN, ROW_HEIGHT};
use web_sys::HtmlElement;
use yew::prelude::*;

/// The scroll container, its scroll position and height, and the range of view items rendered.
pub(super) struct VirtualWindow {
    pub(super) container: NodeRef,
    /// The container's `scrollTop`, as last seen (set by the focus hook when it scrolls).
    pub(super) scroll_top: UseStateHandle<f64>,
    /// The first view item rendered and one past the last.
    pub(super) first: usize,
    pub(super) last: usize,
    pub(super) on_scroll: Callback<Event>,
}

/// The window over `len` view items.
#[hook]
pub(super) fn use_virtual_window(len: usize) -> VirtualWindow {
    let container = use_node_ref();
    let scroll_top = use_state(|| 0.0_f64);
    let viewport = use_state(|| 640.0_f64);
    let on_scroll = {
        let scroll_top = scroll_top.clone();
        let viewport = viewport.clone();
        let container = container.clone();
        Callback::from(move |_: Event| {
            if let Some(el) = container.cast::<HtmlElement>() {
                scroll_top.set(f64::from(el.scroll_top()));
                let height = f64::from(el.client_height());
                if height > 0.0 && (height - *viewport).abs() > 1.0 {
                    viewport.set(height);
                }
            }
        })
    };
    let visible = (*viewport / ROW_HEIGHT).ceil() as usize;
    let first = ((*scroll_top / ROW_HEIGHT).floor() as usize)
        .saturating_sub(OVERSCAN)
        .min(len);
    let last = (first + visible + 2 * OVERSCAN).min(len);
    VirtualWindow {
        container,
        scroll_top,
        first,
        last,
        on_scroll,
    }
}
