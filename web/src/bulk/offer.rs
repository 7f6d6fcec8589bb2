//! The shift offer: a shift that would take some rows below 0 is not refused outright; a small
//! dialog asks what to do with those rows (null them, set them to 0, or cancel).

use super::{Apply, value_of};
use crate::store::StoreHandle;
use offsets_core::edit::Selection;
use offsets_core::editor::{BulkOp, EditAction, EditorAction, ShiftOffer, bulk_action};
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// The open offer, if any, and the buttons the focus moves to: into the offer when it opens,
/// back to Shift when it closes.
pub(super) struct Offer {
    offer: UseStateHandle<Option<ShiftOffer>>,
    first: NodeRef,
    pub(super) shift_button: NodeRef,
}

/// The offer's state: withdrawn by any change of the data (it is about the rows as they
/// were), and focused when it opens.
#[hook]
pub(super) fn use_shift_offer(data_revision: u64) -> Offer {
    let offer = use_state(|| None::<ShiftOffer>);
    let first = use_node_ref();
    let shift_button = use_node_ref();
    {
        // The offer is about the rows as they were: any change of the data withdraws it.
        let offer = offer.clone();
        use_effect_with(data_revision, move |_| offer.set(None));
    }
    {
        // Focus moves into the offer when it opens.
        let first = first.clone();
        use_effect_with(offer.is_some(), move |open| {
            if *open && let Some(el) = first.cast::<HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    Offer {
        offer,
        first,
        shift_button,
    }
}

/// Shift: the value box's text added to the rows, or the offer when some rows cannot take it.
pub(super) fn on_shift(
    store: &StoreHandle,
    value: &NodeRef,
    selection: &Selection,
    offer: &Offer,
    apply: &Apply,
) -> Callback<MouseEvent> {
    let (value, selection) = (value.clone(), selection.clone());
    let (store, offer) = (store.clone(), offer.offer.clone());
    let apply = apply.clone();
    Callback::from(move |_: MouseEvent| {
        let text = value_of(&value);
        let offered = bulk_action(BulkOp::Shift, selection.clone(), &text)
            .ok()
            .and_then(|action| store.editor().shift_offer(&action));
        match offered {
            Some(o) => offer.set(Some(o)),
            None => apply.run(
                &store,
                EditorAction::Edit(EditAction::Bulk {
                    op: BulkOp::Shift,
                    value: text,
                }),
            ),
        }
    })
}

/// The offer's dialog while it is open: its question and its three ways out.
pub(super) fn offer_dialog(store: &StoreHandle, offer: &Offer) -> Html {
    let Some(o) = &*offer.offer else {
        return html! {};
    };
    // Closing the offer returns focus to the Shift button.
    let close_offer = {
        let (offer, shift_button) = (offer.offer.clone(), offer.shift_button.clone());
        move || {
            offer.set(None);
            if let Some(el) = shift_button.cast::<HtmlElement>() {
                let _ = el.focus();
            }
        }
    };
    let choose = |null: bool| {
        let (store, offer, close) = (store.clone(), offer.offer.clone(), close_offer.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(o) = &*offer {
                let action = if null {
                    o.null_action.clone()
                } else {
                    o.zero_action.clone()
                };
                store.dispatch(EditorAction::Edit(EditAction::Session(action)));
            }
            close();
        })
    };
    let offer_cancel = {
        let close = close_offer.clone();
        Callback::from(move |_: MouseEvent| close())
    };
    let offer_key = {
        let close = close_offer.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                close();
            }
        })
    };
    html! {
        <div class="shift-offer" role="alertdialog" aria-labelledby="shift-offer-question" onkeydown={offer_key}>
            <p id="shift-offer-question">{ &o.question }</p>
            <button type="button" ref={offer.first.clone()} onclick={choose(true)}>{ &o.null_label }</button>
            <button type="button" onclick={choose(false)}>{ &o.zero_label }</button>
            <button type="button" onclick={offer_cancel}>{ "Cancel" }</button>
        </div>
    }
}
