fn main() {
    std::process::exit(dungeon_viewer::cli::main());
}
