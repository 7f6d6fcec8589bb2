//! The export settings of a connector that does not exist yet (issue 23 item 2): "create it
//! stopped", its config object and what to do with offsets stored under its name before. Core
//! plans the create for every target (`Editor::exports_from`) and says why it cannot; this
//! renders the settings and core's reasons next to them.

use crate::store::use_store;
use offsets_core::Diagnostic;
use offsets_core::diag::located_text;
use offsets_core::editor::SettingsAction;
use offsets_core::editor::{EditorAction, PREVIOUS_CHOICES, STRIMZI_CHOICES, strimzi_from_id};
use offsets_core::procedure::{Previous, StrimziVersion};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CreateProps {
    pub create: bool,
    pub config: AttrValue,
    pub previous: Previous,
    /// Which Strimzi creates the connector (Strimzi targets).
    pub strimzi: Option<StrimziVersion>,
    /// The target is plain Kafka Connect: the connector's config is typed here; a Strimzi
    /// connector's is in its resource.
    pub rest: bool,
    /// Why core built no create procedure (empty when it built one, or when not creating).
    pub refused: Vec<Diagnostic>,
}

#[component]
pub fn CreateSettings(props: &CreateProps) -> Html {
    let store = use_store();
    let on_create = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Settings(SettingsAction::SetCreate(
                input.checked(),
            )));
        })
    };
    // Kept as it is typed, like the other settings: the text area shows the state's text.
    let on_config = {
        let store = store.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Settings(SettingsAction::SetCreateConfig(
                area.value(),
            )));
        })
    };
    let on_strimzi = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Settings(SettingsAction::SetCreateStrimzi(
                strimzi_from_id(&select.value()),
            )));
        })
    };
    let previous = |(value, id, label): &(Previous, &'static str, &'static str)| {
        let store = store.clone();
        let value = *value;
        html! {
            <label class="radio">
                <input type="radio" name="create-previous" value={*id} checked={props.previous == value}
                    onchange={Callback::from(move |_: Event| store.dispatch(EditorAction::Settings(SettingsAction::SetCreatePrevious(value))))} />
                { *label }
            </label>
        }
    };
    let refused = !props.refused.is_empty();
    html! {
        <fieldset class="settings create-settings">
            <legend>{ "New connector" }</legend>
            <label class="checkbox">
                <input type="checkbox" checked={props.create} onchange={on_create} />
                { "The connector does not exist yet: create it stopped" }
            </label>
            if props.create {
                <p class="hint">{ "The procedure creates the connector stopped (it never runs from offsets its own rules chose), sets every entry of this listing, checks that they landed, and only then starts it. Every export holds every entry." }</p>
                if props.rest {
                    <label for="create-config">{ "Connector config (JSON)" }</label>
                    <textarea id="create-config" rows="6" spellcheck="false" value={props.config.clone()}
                        oninput={on_config}
                        placeholder={"{\"connector.class\": \"org.apache.kafka.connect.mirror.MirrorSourceConnector\", \"source.cluster.alias\": \"east\", ...}"}
                        aria-invalid={refused.then_some("true")}
                        aria-describedby={refused.then_some("create-refused")} />
                } else {
                    <p class="hint">{ "The connector's config is in its resource: paste the KafkaConnector, or the KafkaMirrorMaker2 whose mirror holds the connector, in Custom resource, and the procedure creates it with the connector stopped. Without one, a KafkaMirrorMaker2's connector block is added to the mirror of the settings above." }</p>
                    <label for="create-strimzi">{ "Strimzi version" }</label>
                    <select id="create-strimzi" onchange={on_strimzi}
                        aria-describedby={refused.then_some("create-refused")}>
                        { for STRIMZI_CHOICES.iter().map(|(value, id, label)| html! {
                            <option value={*id} selected={*value == props.strimzi}>{ *label }</option>
                        }) }
                    </select>
                }
                <div class="radios" role="radiogroup" aria-label="Offsets stored under this name before">
                    { for PREVIOUS_CHOICES.iter().map(previous) }
                </div>
                if refused {
                    <div class="note error" id="create-refused" role="region" aria-label="Why there is no create procedure">
                        <ul>{ for props.refused.iter().take(10).map(|d| html! { <li>{ located_text(d) }</li> }) }</ul>
                    </div>
                }
            }
        </fieldset>
    }
}
