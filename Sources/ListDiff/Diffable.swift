/// An element that a diff can pair by identity and compare by content, as
/// IGListKit's `ListDiffable` and DifferenceKit's `Differentiable` do.
public protocol Diffable {
    /// The identifier type; identifiers should be unique within one list.
    associatedtype DiffIdentifier: Hashable
    /// What pairs an old element with a new one.
    var diffIdentifier: DiffIdentifier { get }
    /// Whether the content is unchanged; `false` makes the pair an update.
    func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Hashable {
    /// A hashable value is its own identifier.
    @inlinable
    public var diffIdentifier: Self { self }
}

extension Diffable where Self: Equatable {
    /// Equatable elements compare their content with `==`.
    @inlinable
    public func isContentEqual(to other: Self) -> Bool { self == other }
}
