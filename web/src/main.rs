//! Entry point of the web app: installs the panic banner and mounts [`offsets_web::App`].

fn main() {
    offsets_web::install_panic_banner();
    yew::Renderer::<offsets_web::App>::new().render();
}
