//! cargo-fuzz sets RUSTFLAGS, so `rustflags` from config files are ignored, and a link
//! argument from smtsmith's build script only reaches smtsmith's own binaries: the fuzz
//! targets get their rpath to the solver libraries here, from smtsmith's `links` metadata.
fn main() {
    for var in ["DEP_SMTSMITH_SOLVERS_Z3_LIB_DIR", "DEP_SMTSMITH_SOLVERS_CVC5_LIB_DIR"] {
        println!("cargo:rerun-if-env-changed={var}");
        let dir = std::env::var(var).unwrap_or_else(|_| panic!("{var} not set by smtsmith's build script"));
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
    // Where OSS-Fuzz / ClusterFuzzLite builds put the solver libraries: `lib/` beside the
    // target binary in $OUT (oss-fuzz/build.sh), since the build folders above do not exist
    // on the machines that run the targets.
    println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN/lib");
}
