extension Navigator {
    /// Makes `request` show ``Configuration/fallback`` if it fails as the fallback says:
    /// a request of its own, queued once the failed one has ended, from the app, with the
    /// ``NavigationFailure`` as its payload. The fallback request is not given one, so a
    /// fallback that fails never shows itself again.
    package func showFallbackIfItFails(_ request: NavigationRequest) {
        guard configuration.fallback != nil else { return }
        let source = request.source
        let target = request.target
        request.onResolve { [weak self] result in
            guard let self, case .failure(let error) = result, let fallback = configuration.fallback,
                  fallback.isShown(for: error, from: source) else { return }
            let failure = NavigationFailure(error: error, requested: target, source: source)
            // Its end is reported by events like any request; nobody awaits it.
            _ = self.request(fallback.destination, .source(.app).payload(failure), prepare: { _ in })
        }
    }
}
