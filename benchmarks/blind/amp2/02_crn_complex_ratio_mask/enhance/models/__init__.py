from .crn import ComplexMaskNet
