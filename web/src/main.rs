//! Entry point of the web app: mounts [`offsets_web::App`] on the page body.

fn main() {
    yew::Renderer::<offsets_web::App>::new().render();
}
