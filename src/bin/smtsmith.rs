fn main() { println!("{:?}", smtsmith::solver::versions()); }
