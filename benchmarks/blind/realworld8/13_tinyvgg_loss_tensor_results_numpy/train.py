"""
Trains a PyTorch image classification model using device-agnostic code.
"""
import torch

from going_modular import data_setup, engine, model_builder
from helper_functions import plot_loss_curves

# Setup hyperparameters
NUM_EPOCHS = 3
BATCH_SIZE = 32
HIDDEN_UNITS = 10
LEARNING_RATE = 0.001

# Setup target device
device = "cuda" if torch.cuda.is_available() else "cpu"

torch.manual_seed(42)

# Create DataLoaders with help from data_setup.py
train_dataloader, test_dataloader, class_names = data_setup.create_dataloaders(batch_size=BATCH_SIZE)

# Create model with help from model_builder.py
model_0 = model_builder.TinyVGG(
    input_shape=3,
    hidden_units=HIDDEN_UNITS,
    output_shape=len(class_names)
).to(device)

# Set loss and optimizer
loss_fn = torch.nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model_0.parameters(), lr=LEARNING_RATE)

# Start training with help from engine.py
model_0_results = engine.train(model=model_0,
                               train_dataloader=train_dataloader,
                               test_dataloader=test_dataloader,
                               loss_fn=loss_fn,
                               optimizer=optimizer,
                               epochs=NUM_EPOCHS,
                               device=device)

plot_loss_curves(model_0_results)
