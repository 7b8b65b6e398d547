"""
Trains a PyTorch image classification model using device-agnostic code.
"""
import argparse
import torch
from going_modular import data_setup, engine, model_builder

parser = argparse.ArgumentParser()
parser.add_argument("--num_epochs", type=int, default=2)
parser.add_argument("--batch_size", type=int, default=32)
parser.add_argument("--hidden_units", type=int, default=10)
parser.add_argument("--learning_rate", type=float, default=0.1)
args = parser.parse_args()

torch.manual_seed(42)
device = "cuda" if torch.cuda.is_available() else "cpu"

train_dataloader, test_dataloader, class_names = data_setup.create_dataloaders(batch_size=args.batch_size)

model_2 = model_builder.FashionMNISTModelV2(input_shape=1,
                                            hidden_units=args.hidden_units,
                                            output_shape=len(class_names)).to(device)

loss_fn = torch.nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model_2.parameters(), lr=args.learning_rate)

engine.train(model=model_2, train_dataloader=train_dataloader, test_dataloader=test_dataloader,
             loss_fn=loss_fn, optimizer=optimizer, epochs=args.num_epochs, device=device)
