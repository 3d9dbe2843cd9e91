extension Double {
    /// The number as messages and generated text write it: a whole number without `.0` (`117`,
    /// not `117.0`), anything else as Swift prints it (`117.5`, `1e+20`, `nan`).
    package var shortText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
