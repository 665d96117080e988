pub fn versions() -> (String, String) {
    unsafe {
        let z = std::ffi::CStr::from_ptr(z3_sys::Z3_get_full_version()).to_string_lossy().into_owned();
        let tm = cvc5_sys::term_manager_new();
        let s = cvc5_sys::new(tm);
        let c = std::ffi::CStr::from_ptr(cvc5_sys::get_version(s)).to_string_lossy().into_owned();
        let k = std::ffi::CStr::from_ptr(cvc5_sys::kind_to_string(cvc5_sys::Kind::Gt)).to_string_lossy().into_owned();
        cvc5_sys::delete(s);
        cvc5_sys::term_manager_delete(tm);
        (z, format!("{c} {k}"))
    }
}
