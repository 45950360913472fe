use dungeon_generator::recipe::Recipe;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let recipe: Recipe = text.trim().parse().unwrap();
    println!("{}", recipe.pins.len());
}
