//! The notice of the last action where it happened: every group of controls mounts a
//! [`NoticeLine`] for the anchors it owns ([`NoticeAt`]), and shows the notice only when the
//! reducer anchored it there.
//!
//! The polite live region (`role=status`) is always in the page, so a confirmation is announced
//! once when its text arrives; a refusal is a `role=alert` paragraph inserted when it appears,
//! so it is announced assertively once and never again while it stays.

use crate::store::use_store;
use offsets_core::Severity;
use offsets_core::editor::PageAction;
use offsets_core::editor::{EditorAction, NoticeAt};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    /// The anchors this place shows.
    pub at: &'static [NoticeAt],
}

#[component]
pub fn NoticeLine(props: &NoticeProps) -> Html {
    let store = use_store();
    let notice = store
        .editor()
        .notice()
        .filter(|n| props.at.contains(&n.at))
        .cloned();
    // The last text shown here: once cleared, it stays as an invisible placeholder of the
    // same height. A message is often cleared by a cell committed when it loses the focus,
    // which is the mouse press on the next control: the page must not move under the pointer
    // before the click lands. Dismissing it (×), or the next click or key, gives the place back.
    let last = use_mut_ref(|| None::<String>);
    let dismiss = {
        let (store, last) = (store.clone(), last.clone());
        Callback::from(move |_: MouseEvent| {
            *last.borrow_mut() = None;
            store.dispatch(EditorAction::Page(PageAction::DismissNotice));
        })
    };
    let line = |n: &offsets_core::editor::Notice, role: Option<&'static str>| {
        html! {
            <p class={classes!("notice", n.severity.as_str())} role={role}>
                { n.text.clone() }
                <button type="button" class="link" aria-label="Dismiss message"
                    onclick={dismiss.clone()}>{ "×" }</button>
            </p>
        }
    };
    if let Some(n) = &notice {
        *last.borrow_mut() = Some(n.text.clone());
    }
    let (polite, alert) = match &notice {
        Some(n) if n.severity == Severity::Error => (None, Some(line(n, Some("alert")))),
        Some(n) => (Some(line(n, None)), None),
        None => (None, None),
    };
    let placeholder = notice.is_none().then(|| last.borrow().clone()).flatten();
    // The placeholder only has to outlast the click it protects: the next click or key
    // anywhere gives the place back, so no blank strip stays behind.
    let redraw = use_force_update();
    {
        let last = last.clone();
        use_effect_with(placeholder.is_some(), move |shown| {
            let listeners = shown.then(|| {
                let clear = move || {
                    if last.borrow_mut().take().is_some() {
                        redraw.force_update();
                    }
                };
                let document = gloo::utils::document();
                let on_click = {
                    let clear = clear.clone();
                    gloo::events::EventListener::new(&document, "click", move |_| clear())
                };
                let on_key = gloo::events::EventListener::new(&document, "keyup", move |_| clear());
                (on_click, on_key)
            });
            move || drop(listeners)
        });
    }
    html! {
        <>
            <div class="notice-slot" role="status">{ for polite }</div>
            { for alert }
            if let Some(text) = placeholder {
                <p class="notice placeholder" aria-hidden="true">{ text }</p>
            }
        </>
    }
}
