//! The `dungeon-viewer` program: the two faces on the library, the command line and the
//! viewer window. Neither imports the other's internals; `cli` hands `app` its options.

mod app;
mod cli;

fn main() {
    std::process::exit(cli::main());
}
