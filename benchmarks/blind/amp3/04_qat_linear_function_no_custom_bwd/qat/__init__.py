from .fake_quant import QuantLinear, quantize_model
